import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { sidebar } from '@mulot/ui/styled-system/recipes';

/** The sidebar's slots, shared by sidebar.tsx and its lazily loaded mobile sheet. */
export const { withProvider, withContext } = createStyleContext(sidebar);
