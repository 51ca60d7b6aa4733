import type { ApiGuide } from './types.js';
import { dqString as dq, jsString as q } from './types.js';

/** Shown where the API has no permission yet. */
const examplePermission = 'read:example';

const nodeJose: ApiGuide = {
  id: 'node-jose',
  title: 'Node.js (Express)',
  libraries: ['jose'],
  steps: [
    { kind: 'install', blocks: [{ language: 'bash', code: () => 'npm install jose express' }] },
    {
      kind: 'validate',
      blocks: [
        {
          file: 'auth.js',
          language: 'js',
          code: (c) => `import { createRemoteJWKSet, jwtVerify } from 'jose';

const issuer = ${q(c.issuer)};
// This API's identifier: tokens for any other API are refused.
const audience = ${q(c.resource)};
// The tenant's signing keys, cached; fetched again when a token names a new key (rotation).
const jwks = createRemoteJWKSet(new URL(${q(`${c.issuer}/jwks`)}));

/** The token's claims when it is a valid access token for this API; throws otherwise. */
export const verifyAccessToken = async (token) => {
  const { payload } = await jwtVerify(token, jwks, {
    issuer,
    audience,
    typ: 'at+jwt',
    algorithms: ['ES256', 'RS256'],
  });
  return payload;
};
`,
        },
      ],
    },
    {
      kind: 'check_scopes',
      blocks: [
        {
          file: 'auth.js',
          language: 'js',
          code: () => `/** Express middleware: 401 without a valid token, 403 without every required permission. */
export const requireScopes =
  (...required) =>
  async (req, res, next) => {
    const [scheme, token] = (req.get('authorization') ?? '').split(' ');
    if (scheme !== 'Bearer' || !token) {
      return res.status(401).set('WWW-Authenticate', 'Bearer').json({ error: 'invalid_token' });
    }
    let claims;
    try {
      claims = await verifyAccessToken(token);
    } catch {
      return res.status(401).set('WWW-Authenticate', 'Bearer error="invalid_token"').json({ error: 'invalid_token' });
    }
    const granted = new Set(String(claims.scope ?? '').split(' '));
    if (!required.every((scope) => granted.has(scope))) {
      return res
        .status(403)
        .set('WWW-Authenticate', \`Bearer error="insufficient_scope", scope="\${required.join(' ')}"\`)
        .json({ error: 'insufficient_scope' });
    }
    req.auth = claims;
    next();
  };
`,
        },
        {
          file: 'server.js',
          language: 'js',
          code: (c) => `import express from 'express';

import { requireScopes } from './auth.js';

const app = express();

app.get('/orders', requireScopes(${q(c.scope || examplePermission)}), (req, res) => {
  // req.auth.sub is the user (or, for machine-to-machine tokens, the application).
  res.json({ subject: req.auth.sub });
});

app.listen(4000);
`,
        },
      ],
    },
  ],
};

const pythonPyJwt: ApiGuide = {
  id: 'python-pyjwt',
  title: 'Python (Flask)',
  libraries: ['PyJWT', 'cryptography'],
  steps: [
    { kind: 'install', blocks: [{ language: 'bash', code: () => 'pip install "pyjwt[crypto]" flask' }] },
    {
      kind: 'validate',
      blocks: [
        {
          file: 'auth.py',
          language: 'python',
          code: (c) => `import jwt

ISSUER = ${dq(c.issuer)}
# This API's identifier: tokens for any other API are refused.
AUDIENCE = ${dq(c.resource)}
# The tenant's signing keys, cached; fetched again when a token names a new key (rotation).
jwks_client = jwt.PyJWKClient(${dq(`${c.issuer}/jwks`)})


def verify_access_token(token: str) -> dict:
    """The token's claims when it is a valid access token for this API; raises otherwise."""
    if jwt.get_unverified_header(token).get("typ") != "at+jwt":
        raise jwt.InvalidTokenError("not an access token")
    signing_key = jwks_client.get_signing_key_from_jwt(token)
    return jwt.decode(
        token,
        signing_key.key,
        algorithms=["ES256", "RS256"],
        audience=AUDIENCE,
        issuer=ISSUER,
        options={"require": ["exp", "iss", "aud", "sub"]},
    )
`,
        },
      ],
    },
    {
      kind: 'check_scopes',
      blocks: [
        {
          file: 'auth.py',
          language: 'python',
          code: () => `from functools import wraps

from flask import g, jsonify, request


def require_scopes(*required):
    """401 without a valid token, 403 without every required permission."""

    def decorator(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            scheme, _, token = request.headers.get("Authorization", "").partition(" ")
            if scheme != "Bearer" or not token:
                return jsonify(error="invalid_token"), 401
            try:
                claims = verify_access_token(token)
            except jwt.PyJWTError:
                return jsonify(error="invalid_token"), 401
            if not set(required) <= set(claims.get("scope", "").split()):
                return jsonify(error="insufficient_scope"), 403
            g.auth = claims
            return view(*args, **kwargs)

        return wrapper

    return decorator
`,
        },
        {
          file: 'app.py',
          language: 'python',
          code: (c) => `from flask import Flask, g, jsonify

from auth import require_scopes

app = Flask(__name__)


@app.get("/orders")
@require_scopes(${dq(c.scope || examplePermission)})
def orders():
    # g.auth["sub"] is the user (or, for machine-to-machine tokens, the application).
    return jsonify(subject=g.auth["sub"])
`,
        },
      ],
    },
  ],
};

export const apiGuides: readonly ApiGuide[] = [nodeJose, pythonPyJwt];

export const findApiGuide = (id: string) => apiGuides.find((guide) => guide.id === id);
