import { type ComponentProps, createContext, type ReactNode, useContext } from 'react';

export type FragmentLinkProps = Omit<ComponentProps<'a'>, 'href'> & { href: string };
export type LinkRenderer = (props: FragmentLinkProps) => ReactNode;

const plainAnchor: LinkRenderer = (props) => <a {...props} />;
const LinkContext = createContext<LinkRenderer>(plainAnchor);

/**
 * Fragments know nothing of the router: they render links through this, and the app provides its router's
 * link (client-side navigation); stories and anything else get a plain anchor.
 */
export function LinkProvider({ link, children }: { link: LinkRenderer; children: ReactNode }) {
  return <LinkContext.Provider value={link}>{children}</LinkContext.Provider>;
}

export function FragmentLink(props: FragmentLinkProps) {
  return useContext(LinkContext)(props);
}
