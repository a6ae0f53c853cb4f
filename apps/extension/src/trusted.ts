/**
 * Writing actions (save a step, capture, create a guide, delete, answer a consent) run only on the user's own input.
 * The panels live in closed shadow roots, out of the page's reach; this is the second lock: an event a script made
 * up (`isTrusted` false) never writes, even should it reach a panel.
 */

/** When the user last pressed a key or a pointer in one of the extension's panels (trusted events only). */
let lastGesture = Number.NEGATIVE_INFINITY;
/**
 * How long a gesture vouches for an action that gets no event (a form's submit callback gets its values after
 * validation): the time a validation takes on a slow machine, far less than a user's next move.
 */
const GESTURE_MS = 3000;

/**
 * Notes the user's trusted key and pointer presses on a panel's host (composed events leave the closed shadow root
 * through it); the returned function stops.
 */
export function watchTrustedInput(host: EventTarget): () => void {
  const note = (event: Event) => {
    if (event.isTrusted) lastGesture = performance.now();
  };
  const types = ['pointerdown', 'keydown'] as const;
  for (const type of types) host.addEventListener(type, note, true);
  return () => {
    for (const type of types) host.removeEventListener(type, note, true);
  };
}

function eventOf(value: unknown): Event | null {
  if (value instanceof Event) return value;
  const native = (value as { nativeEvent?: unknown } | null)?.nativeEvent;
  return native instanceof Event ? native : null;
}

/**
 * The action, run only on trusted input: when called with an event (a DOM or React one), that event must be
 * trusted; called without (a form's values), the user must have pressed a key or a pointer in a panel just before.
 */
export function trusted<A extends unknown[]>(action: (...args: A) => unknown): (...args: A) => void {
  return (...args: A) => {
    const event = args.map(eventOf).find(Boolean);
    const ok = event ? event.isTrusted : performance.now() - lastGesture < GESTURE_MS;
    if (ok) void action(...args);
  };
}
