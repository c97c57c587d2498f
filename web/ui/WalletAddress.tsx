import { explorerAddressUrl } from '../../common/api/chain-links';
import { useTranslation } from '../i18n/i18n';
import type { ChainInfo } from '../../common/api/chain';

interface WalletAddressProps {
  address: string;
  /** Undefined while GET /api/chain/ loads: the address shows alone until the explorer is known. */
  chain: ChainInfo | undefined;
  linkText: string;
  linkLabel: string;
  /** Each screen keeps its own test id and styling for the address. */
  addressTestId: string;
  addressClassName: string | undefined;
  linkClassName: string | undefined;
}

/** A wallet address as code, with a link opening it in the configured block explorer. */
export function WalletAddress({
  address,
  chain,
  linkText,
  linkLabel,
  addressTestId,
  addressClassName,
  linkClassName,
}: WalletAddressProps) {
  const { i18n } = useTranslation();
  return (
    <>
      <code dir="ltr" className={addressClassName} data-testid={addressTestId}>
        {address}
      </code>
      {chain ? (
        <a
          className={linkClassName}
          href={explorerAddressUrl(chain, address, i18n.language)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={linkLabel}
          data-testid="wallet-link"
        >
          {linkText}
        </a>
      ) : null}
    </>
  );
}
