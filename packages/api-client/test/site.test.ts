import { describe, expect, it } from 'vitest';
import { normalizeSite, normalizeSites } from '../src/site.ts';

describe('normalizeSite', () => {
  it.each([
    ['shop.example.com', 'https://shop.example.com'],
    ['  https://Shop.Example.com/  ', 'https://shop.example.com'],
    ['http://shop.example.com/fr/accueil?x=1#top', 'http://shop.example.com'],
    ['localhost:5174', 'http://localhost:5174'],
    ['http://localhost:5174', 'http://localhost:5174'],
    ['shop.example.com:8080/path', 'https://shop.example.com:8080'],
    ['https://shop.example.com:443', 'https://shop.example.com'],
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['app.localhost:8080', 'http://app.localhost:8080'],
    ['localhost.example.com', 'https://localhost.example.com'],
    ['127.example.com', 'https://127.example.com'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
    ['café.example.fr', 'https://xn--caf-dma.example.fr'],
  ])('%s → %s', (input, origin) => {
    expect(normalizeSite(input)).toEqual({ ok: true, origin });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['pas une url', 'host'],
    ['javascript:alert(1)', 'scheme'],
    ['mailto:someone@example.com', 'scheme'],
    ['ftp://files.example.com', 'scheme'],
    ['data:text/html,<script>alert(1)</script>', 'scheme'],
    ['https://user:secret@shop.example.com', 'credentials'],
    ['intranet', 'host'],
    ['https://', 'host'],
    ['https://-bad-.example.com', 'host'],
    ['https://999.1.1.1', 'host'],
  ])('refuses %j (%s)', (input, reason) => {
    expect(normalizeSite(input)).toEqual({ ok: false, reason });
  });

  it('drops duplicates after normalization and names the first refused item', () => {
    expect(normalizeSites(['shop.example.com', 'https://SHOP.example.com/', 'b.example.com'])).toEqual({
      ok: true,
      origins: ['https://shop.example.com', 'https://b.example.com'],
    });
    expect(normalizeSites(['shop.example.com', 'javascript:alert(1)'])).toEqual({
      ok: false,
      index: 1,
      reason: 'scheme',
    });
  });
});
