import { PlaceholderPage } from '../../ui/PlaceholderPage';

// Placeholder until the issue that builds this screen; exported as `Component` for the router's lazy().
export function Component() {
  return <PlaceholderPage titleKey="transactionDetail" />;
}
