import { useContext, useEffect, useLayoutEffect } from 'react';
import { NOT_FOUND_TITLE, NotFound } from '@/components/site/NotFound';
import { AdminNavigationContext } from './AdminLayout';

/**
 * Makes the admin shell's document read as the site's 404 page while it is shown: the 404 page's title, a
 * robots noindex (the shell has one already; this keeps it whatever the shell says), and without the
 * shell's "Admin Dashboard" heading or the admin navigation. Everything comes back when the admin opens a
 * screen again.
 */
function useNotFoundDocument() {
  const showNavigation = useContext(AdminNavigationContext);
  // Before the first paint: no flash of the navigation or the shell's heading above the 404 page.
  useLayoutEffect(() => {
    showNavigation(false);
    const shellHeading = document.querySelector<HTMLElement>('[data-admin-heading]');
    shellHeading?.setAttribute('hidden', '');
    return () => {
      showNavigation(true);
      shellHeading?.removeAttribute('hidden');
    };
  }, [showNavigation]);
  useEffect(() => {
    const previousTitle = document.title;
    // BaseLayout's title is "<page> | <brand>", the brand also in og:site_name.
    const brand = document.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content;
    document.title = brand && brand !== NOT_FOUND_TITLE ? `${NOT_FOUND_TITLE} | ${brand}` : NOT_FOUND_TITLE;

    let robots = document.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const previousRobots = robots?.content;
    if (!robots) {
      robots = document.createElement('meta');
      robots.name = 'robots';
      document.head.append(robots);
    }
    robots.content = 'noindex';

    return () => {
      document.title = previousTitle;
      if (previousRobots === undefined) robots.remove();
      else robots.content = previousRobots;
    };
  }, []);
}

/**
 * An address under /admin that no screen answers. The static host serves the admin shell for all of /admin/*
 * (public/_redirects) with status 200, so the island shows the site's own 404 page here (decision 0060).
 */
export function AdminNotFound() {
  useNotFoundDocument();
  return <NotFound />;
}
