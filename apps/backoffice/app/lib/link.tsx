import type { LinkRenderer } from '@mulot/ui/fragments/link';
import { Link } from 'react-router';

/** Fragments' links become client-side navigations. */
export const routerLink: LinkRenderer = ({ href, ...props }) => <Link to={href} {...props} />;
