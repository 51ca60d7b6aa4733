/** POSTs a form to an OIDC endpoint and returns status and parsed JSON. */
export const postForm = async (url: string, form: Record<string, string>, headers: Record<string, string> = {}) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page): keep the text.
  }
  return { status: response.status, body, headers: response.headers };
};

export const basicAuth = (clientId: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`,
});
