/**
 * Baseline for the client_credentials benchmark: a bare Node HTTP server doing the irreducible
 * work of that grant — read the form, check the client's Basic credentials in constant time, sign
 * an ES256 access token with node:crypto — and nothing else.
 */
import { createPrivateKey, randomBytes, sign, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const [clientId, clientSecret, pem, kid, issuer, audience] = JSON.parse(process.argv[2]!) as string[];
const key = createPrivateKey(pem!);
const expected = Buffer.from(`Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`);
const header = Buffer.from(JSON.stringify({ alg: 'ES256', typ: 'at+jwt', kid })).toString('base64url');

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const form = new URLSearchParams(Buffer.concat(chunks).toString());
    const presented = Buffer.from(request.headers.authorization ?? '');
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected) || form.get('grant_type') !== 'client_credentials') {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    const payload = Buffer.from(
      JSON.stringify({
        jti: randomBytes(16).toString('base64url'),
        sub: clientId,
        iat: now,
        exp: now + 3600,
        scope: form.get('scope'),
        client_id: clientId,
        iss: issuer,
        aud: audience,
      }),
    ).toString('base64url');
    const input = `${header}.${payload}`;
    const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
    response
      .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(JSON.stringify({ access_token: `${input}.${signature}`, expires_in: 3600, token_type: 'Bearer', scope: form.get('scope') }));
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
