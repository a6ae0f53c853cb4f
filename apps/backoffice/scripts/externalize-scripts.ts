// The API serves the back-office under a strict Content-Security-Policy (script-src 'self': no inline script).
// React Router's SPA index.html boots with inline scripts, so after the build each one moves, unchanged and in
// the same order, into a content-hashed file under assets/ that the page loads instead.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const client = join(import.meta.dirname, '..', 'build', 'client');
const indexPath = join(client, 'index.html');
const html = readFileSync(indexPath, 'utf8');

let moved = 0;
const rewritten = html.replace(
  /<script((?:\s+[a-z-]+(?:="[^"]*")?)*)>([\s\S]*?)<\/script>/g,
  (tag, attributes: string, body: string) => {
    if (/\ssrc=/.test(attributes) || !body.trim()) return tag;
    const name = `boot-${createHash('sha256').update(body).digest('hex').slice(0, 12)}.js`;
    writeFileSync(join(client, 'assets', name), body);
    moved += 1;
    return `<script${attributes} src="/assets/${name}"></script>`;
  },
);

if (/<script(?![^>]*\ssrc=)[^>]*>\s*[^<\s]/.test(rewritten)) {
  throw new Error('index.html still has an inline script');
}
writeFileSync(indexPath, rewritten);
console.log(`index.html: ${moved} inline script(s) moved to assets/`);
