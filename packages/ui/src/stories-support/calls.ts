/** The first argument of a spy's first call (what a form submitted). */
export function firstArg(spy: unknown): unknown {
  return (spy as { mock: { calls: unknown[][] } }).mock.calls[0]?.[0];
}
