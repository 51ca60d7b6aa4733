/** Which page a path shows, or where to send the browser instead. Pure, so the rules are unit-tested. */
export type PageName =
  | 'sign-in'
  | 'register'
  | 'forgot-password'
  | 'continue'
  | 'select-account'
  | 'consent'
  | 'social-callback'
  | 'unknown-session';

export type RouteResult = { page: PageName; connectorId?: string } | { redirect: string };

export type RouteContext = {
  /** False when `GET /config` had no live interaction. */
  hasInteraction: boolean;
  prompt?: 'login' | 'select_account' | 'consent' | undefined;
  firstScreen?: 'signIn' | 'register' | undefined;
  signInMode: 'SignIn' | 'Register' | 'SignInAndRegister';
  /** The page as first opened (no navigation inside the app yet): `firstScreen` only applies then. */
  initial: boolean;
};

const firstPage = (context: RouteContext) =>
  context.signInMode === 'Register' || (context.initial && context.firstScreen === 'register' && context.signInMode !== 'SignIn')
    ? '/register'
    : '/sign-in';

export const resolveRoute = (path: string, context: RouteContext): RouteResult => {
  if (path === '/unknown-session' || !context.hasInteraction) {
    return { page: 'unknown-session' };
  }
  const social = /^\/callback\/social\/([^/]+)$/.exec(path);
  if (social) {
    return { page: 'social-callback', connectorId: decodeURIComponent(social[1]!) };
  }
  if (context.prompt === 'consent') {
    return path === '/consent' ? { page: 'consent' } : { redirect: '/consent' };
  }
  // prompt=select_account in a signed-in browser; its "Use another account" restarts with a sign-in.
  if (context.prompt === 'select_account' && path === '/select-account') {
    return { page: 'select-account' };
  }
  switch (path) {
    case '/sign-in': {
      const first = firstPage(context);
      return first === '/sign-in' ? { page: 'sign-in' } : { redirect: first };
    }
    case '/register': {
      return context.signInMode === 'SignIn' ? { redirect: '/sign-in' } : { page: 'register' };
    }
    case '/forgot-password': {
      return { page: 'forgot-password' };
    }
    case '/continue': {
      return { page: 'continue' };
    }
    default: {
      return { redirect: firstPage(context) };
    }
  }
};
