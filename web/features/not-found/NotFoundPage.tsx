import { PlaceholderPage } from '../../ui/PlaceholderPage';

export function Component() {
  return <PlaceholderPage titleKey="notFound" showHomeLink />;
}
