import { nowIso } from '../../src/lib/time.js';
import { hashToken, randomToken } from '../../src/lib/tokens.js';
import { SESSION_COOKIE, SESSION_IDLE_MS } from '../../src/plugins/session.js';
import type { TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import type { TestUser } from '../helpers/factories.js';

/**
 * A logged-in client without going through POST /api/login, whose rate limit (30 per address in 5 minutes)
 * these files with many applicants would hit. The session is made the way the session store makes it.
 */
export async function signIn(t: TestApp, user: TestUser): Promise<TestClient> {
  const token = randomToken();
  const csrf = randomToken();
  const now = nowIso();
  await t.db
    .insertInto('sessions')
    .values({
      id: hashToken(token, t.app.config.SESSION_SECRET),
      user_id: user.id,
      csrf_token: csrf,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(Date.now() + SESSION_IDLE_MS).toISOString(),
    })
    .execute();
  const client = new TestClient(t.app);
  client.cookie = `${SESSION_COOKIE}=${token}`;
  client.csrf = csrf;
  return client;
}
