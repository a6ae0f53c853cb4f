import { css } from '@mulot/ui/styled-system/css';
import { Fragment, type ReactNode } from 'react';
import * as Breadcrumb from '../../components/breadcrumb/breadcrumb';
import { FragmentLink } from '../link/link';

export interface Crumb {
  label: string;
  /** Ancestors link to their page; the last crumb (the current page) has none. */
  href?: string;
}

export function ContentBreadcrumb({ items }: { items: Crumb[] }) {
  return (
    <Breadcrumb.Root>
      <Breadcrumb.List>
        {items.map((item, index) => (
          <Fragment key={item.href ?? `page:${item.label}`}>
            {index > 0 && <Breadcrumb.Separator />}
            <Breadcrumb.Item>
              {item.href ? (
                <Breadcrumb.Link asChild>
                  <FragmentLink href={item.href} title={item.label}>
                    {item.label}
                  </FragmentLink>
                </Breadcrumb.Link>
              ) : (
                <Breadcrumb.Page title={item.label}>{item.label}</Breadcrumb.Page>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

export interface ContentHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Beside the title (a status badge). */
  badge?: ReactNode;
  /** Under the description (step count, duration…). */
  meta?: ReactNode;
  /** The page's buttons. */
  actions?: ReactNode;
}

/** The title block of a content page: h1, badge, description and the page's actions. */
export function ContentHeader({ title, description, badge, meta, actions }: ContentHeaderProps) {
  return (
    <header
      className={css({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        gap: '4',
      })}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
          <h1
            title={typeof title === 'string' ? title : undefined}
            className={css({
              textStyle: '2xl',
              fontWeight: 'bold',
              overflowWrap: 'anywhere',
              lineClamp: '3',
            })}
          >
            {title}
          </h1>
          {badge}
        </div>
        {description && <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>{description}</p>}
        {meta && (
          <div
            className={css({
              display: 'flex',
              gap: '4',
              flexWrap: 'wrap',
              textStyle: 'sm',
              color: 'fg.muted',
              '& svg': { w: '4', h: '4' },
              '& > *': { display: 'inline-flex', alignItems: 'center', gap: '1' },
            })}
          >
            {meta}
          </div>
        )}
      </div>
      {actions && <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>{actions}</div>}
    </header>
  );
}

/** Vertical rhythm of a content page. */
export const pageStack = css({ display: 'flex', flexDirection: 'column', gap: '6' });
export const toolbar = css({ display: 'flex', alignItems: 'center', gap: '3', maxW: 'md' });
