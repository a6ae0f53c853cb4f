/**
 * The origin of the Mulot server this back-office calls (VITE_API_URL, else its own): where the embed snippet loads
 * `/embed.js` from, when the server was not given its PUBLIC_URL.
 */
export function apiOrigin(): string {
  const base = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api';
  return new URL(base, window.location.origin).origin;
}
