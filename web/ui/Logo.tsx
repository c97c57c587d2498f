import styles from './Logo.module.css';

// The same geometry as public/icons/icon.svg: an eight-pointed star (two squares, the Moroccan khatam) on the
// theme's hero colour, so the logo follows the banker theme without a second asset.
export const STAR_POINTS =
  '32,10 38.44,16.44 47.56,16.44 47.56,25.56 54,32 47.56,38.44 47.56,47.56 38.44,47.56 32,54 25.56,47.56 16.44,47.56 16.44,38.44 10,32 16.44,25.56 16.44,16.44 25.56,16.44';

export function Logo({ label, size = 88 }: { label: string; size?: number }) {
  return (
    <svg className={styles.logo} width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={label}>
      <rect className={styles.tile} width="64" height="64" rx="16" />
      <polygon className={styles.star} points={STAR_POINTS} />
      <circle className={styles.ring} cx="32" cy="32" r="8.5" />
      <circle className={styles.core} cx="32" cy="32" r="5" />
    </svg>
  );
}
