// `npm run key:new -- <client-name>`: a fresh random gateway key for one client, and the
// `GATEWAY_API_KEYS` entry that admits it. The key is shown once; the gateway only ever
// holds its hash (src/server/access/callers.ts compares the same SHA-256). Plain JavaScript, so
// it runs at once, without a build.
import { createHash, randomBytes } from 'node:crypto';
import console from 'node:console';
import process from 'node:process';

const name = process.argv[2] ?? '';
if (!/^[A-Za-z0-9._-]{1,64}$/.test(name)) {
  console.error('Usage: npm run key:new -- <client-name>   (letters, digits, ".", "_" or "-"; up to 64)');
  process.exit(2);
}
const key = `lg_${randomBytes(24).toString('base64url')}`;
const hash = createHash('sha256').update(key, 'utf8').digest('hex');
console.log(`Key for ${name} (give it to the client; it is not stored anywhere):\n  ${key}`);
console.log(`Add this entry to GATEWAY_API_KEYS (comma-separated with any others):\n  ${name}:${hash}`);
