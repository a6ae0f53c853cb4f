const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * After an overlay closed by a pointer (outside click, item click), Ark moves focus back a frame or two later,
 * and whether a ring shows then depends on timing. Stories that end that way call this so their screenshot
 * does not: it lets Ark finish, then leaves focus on the page itself.
 */
export async function settleFocus() {
  await frame();
  await frame();
  await new Promise((resolve) => setTimeout(resolve, 50));
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}
