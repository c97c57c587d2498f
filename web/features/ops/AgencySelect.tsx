import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import styles from './Ops.module.css';
import { fetchAgencies } from './ops-api';
import { useOps } from './OpsParts';

/**
 * The agencies as a select: the first 100 by city and name, the disabled ones last and marked. Where a
 * teller is sent (`openOnly`), a disabled agency cannot be chosen.
 */
export function AgencySelect({
  value,
  onChange,
  allLabel,
  openOnly = false,
  required = false,
  testId,
  id,
  a11y,
}: {
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** The empty choice's label ("All"), or none when an agency must be chosen. */
  allLabel?: string;
  openOnly?: boolean;
  required?: boolean;
  testId: string;
  id?: string;
  /** aria-invalid and aria-describedby from DialogField when the server refused the agency. */
  a11y?: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}) {
  const { ot } = useOps();
  const agencies = useQuery({
    queryKey: ['ops', 'agency-options'],
    queryFn: ({ signal }) => fetchAgencies({ page_size: 100 }, signal),
    staleTime: 60_000,
  });
  const rows = agencies.data?.results ?? [];
  return (
    <select
      id={id}
      className={styles.input}
      value={value}
      onChange={onChange}
      required={required}
      data-testid={testId}
      aria-busy={agencies.isPending}
      {...a11y}
    >
      <option value="">{allLabel ?? ot('agencies.choose')}</option>
      {rows.map((a) => (
        <option key={a.id} value={String(a.id)} disabled={openOnly && a.disabled}>
          {a.city ? `${a.name} — ${a.city}` : a.name}
          {a.disabled ? ` (${ot('agencies.disabled')})` : ''}
        </option>
      ))}
    </select>
  );
}
