import type { Page } from 'playwright';

type CdpNode = {
  backendNodeId: number;
  shadowRootType?: string;
  children?: CdpNode[];
  shadowRoots?: CdpNode[];
};

/**
 * Mulot's panels and step overlay (the extension's, the embed snippet's) live in closed shadow roots, which
 * Playwright's locators (and axe) do not enter. The journeys look at them as the user does: through the DevTools
 * protocol, which sees closed roots, each one is handed to the worlds Playwright and axe query from (the page's main
 * world and Playwright's utility world, never the extension's) as its host's `shadowRoot`, until the page closes.
 * The extension's attack suite runs without it: there the page's scripts must see what a hostile page sees.
 */
export async function seeClosedShadowRoots(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const worlds = new Map<number, { name: string; auxData?: { isDefault?: boolean } }>();
  cdp.on('Runtime.executionContextCreated', ({ context }) => worlds.set(context.id, context));
  cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }) => worlds.delete(executionContextId));
  cdp.on('Runtime.executionContextsCleared', () => worlds.clear());
  await cdp.send('Runtime.enable');
  const handed = new Set<string>();
  const hand = async () => {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: CdpNode };
    const closed: Array<[number, number]> = [];
    const walk = (node: CdpNode) => {
      for (const shadow of node.shadowRoots ?? []) {
        if (shadow.shadowRootType === 'closed') closed.push([node.backendNodeId, shadow.backendNodeId]);
        walk(shadow);
      }
      for (const child of node.children ?? []) walk(child);
    };
    walk(root);
    for (const [id, world] of worlds) {
      if (!world.auxData?.isDefault && !world.name.startsWith('__playwright')) continue;
      for (const [host, shadow] of closed) {
        const key = `${id}:${host}`;
        if (handed.has(key)) continue;
        const resolve = (backendNodeId: number) =>
          cdp.send('DOM.resolveNode', { backendNodeId, executionContextId: id });
        const [hostObject, shadowObject] = await Promise.all([resolve(host), resolve(shadow)]);
        await cdp.send('Runtime.callFunctionOn', {
          objectId: hostObject.object.objectId,
          functionDeclaration:
            'function (root) { Object.defineProperty(this, "shadowRoot", { configurable: true, get: () => root }); }',
          arguments: [{ objectId: shadowObject.object.objectId }],
        });
        handed.add(key);
      }
    }
  };
  while (!page.isClosed()) {
    await hand().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 150));
  }
  await cdp.detach().catch(() => undefined);
}
