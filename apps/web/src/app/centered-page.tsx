import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { webPages } from '@switchboard/contract';
import { useBrand } from '../features/domains/use-brand';
import { BrandMark } from './brand-mark';
import classes from './centered-page.module.css';

interface CenteredPageProps {
  children: ReactNode;
  /** Shown in the top-right corner, e.g. the theme toggle. */
  corner?: ReactNode;
  footer?: ReactNode;
  /** A wider card, for a page with more on it than a form (the schedule page). */
  wide?: boolean;
}

/** A single card in the middle of the page under the logo: sign-in, status and error pages. */
export function CenteredPage({ children, corner, footer, wide = false }: CenteredPageProps) {
  const { profile } = useBrand();
  return (
    <main className={classes.root}>
      {corner && <div className={classes.corner}>{corner}</div>}
      <Link to={webPages.app} className={classes.brand} aria-label={`${profile.name} home`}>
        <BrandMark />
      </Link>
      <Paper
        className={wide ? `${classes.card} ${classes.wide}` : classes.card}
        withBorder
        shadow="md"
        p={{ base: 'lg', xs: 'xl' }}
      >
        {children}
      </Paper>
      {footer}
    </main>
  );
}
