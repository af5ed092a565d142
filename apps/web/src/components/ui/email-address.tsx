import { Fragment } from 'react';

/**
 * An e-mail address that may wrap only at its natural joints: after the local part's dots, before the "@" and
 * before each dot of the domain (`<wbr>`), so a narrow column shows "anna.berg / @example / .org" rather than
 * "anna.be / rg@exa / mple.org". Its cell uses `overflow-wrap: break-word`, which breaks inside a part only when
 * one part alone is wider than the column.
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <bdi>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never move
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </bdi>
  );
}

/** The style of a table cell holding addresses: breaks at the joints above, never mid-word unless it must. */
export const ADDRESS_CELL_SX = { overflowWrap: 'break-word', wordBreak: 'normal', minWidth: 160 } as const;
