export { FragmentLink, type FragmentLinkProps, LinkProvider, type LinkRenderer } from './link';
