import { useEffect } from 'react';

/**
 * Mobile browsers change the visible height as their toolbars slide; 100vh ignores that, so the root follows
 * window.innerHeight through --app-height (set via CSSOM, which the CSP allows, unlike inline style tags).
 */
export function useAppHeight(): void {
  useEffect(() => {
    const update = () => document.documentElement.style.setProperty('--app-height', `${window.innerHeight}px`);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
}
