import type { RenderLink } from '@farol/ui';
import { Link } from 'react-router-dom';

/** The kit's link slot on react-router, so sidebar and header navigate without reloading. */
export const renderRouterLink: RenderLink = ({ href, children, ...props }) => (
  <Link to={href} {...props}>
    {children}
  </Link>
);
