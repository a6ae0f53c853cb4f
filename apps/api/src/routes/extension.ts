// Tag `extension`: where authors get the browser extension.
import { extensionDistribution } from '../extension.ts';
import type { Handler } from '../types.ts';

export const getExtension: Handler<'getExtension'> = async (services) => ({
  status: 200,
  body: extensionDistribution(services.config),
});
