import { useSearchParams } from 'react-router';

/** `/x?a=1` + `ar` -> `/x?a=1&lang=ar`: carrying the language spares the guard a redirect per navigation. */
export function withLang(to: string, lang: string | null): string {
  if (!lang) return to;
  const [path = '', query = ''] = to.split('?');
  const params = new URLSearchParams(query);
  params.set('lang', lang);
  return `${path}?${params.toString()}`;
}

/** withLang bound to the current URL's `lang`. */
export function useWithLang(): (to: string) => string {
  const [searchParams] = useSearchParams();
  const lang = searchParams.get('lang');
  return (to) => withLang(to, lang);
}
