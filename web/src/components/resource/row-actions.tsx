// The small icon buttons at the end of a record's row (view, edit, delete), shared by the list
// screen and the child-records editor so both name the record the same way for screen readers.
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useAppHref } from '../layout/app-links';
import { ROW_TIP } from './row-tip';

/** The row's buttons, right-aligned on one line. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="lbo-row-actions">{children}</div>;
}

/**
 * One icon button with a tooltip (the screen's one RowTips shows `label` over it); its accessible
 * name is "<label>: <record>". It is a link with `to` (a plain one: components/layout/app-links.tsx),
 * a button with `onClick`.
 */
export function RowIconButton({
  label,
  record,
  icon: IconShown,
  iconSize = 18,
  color,
  to,
  onClick,
}: {
  label: string;
  /** The record's title, so the name says which row it acts on. */
  record: string;
  icon: Icon;
  iconSize?: number;
  /** Red for a destructive action (list-table.css styles that one); else the primary colour. */
  color?: 'red';
  to?: string;
  onClick?(): void;
}) {
  const name = `${label}: ${record}`;
  const icon = <IconShown size={iconSize} />;
  const tip = { [ROW_TIP]: label };
  const href = useAppHref();
  // Plain elements styled as Mantine's subtle ActionIcon (list-table.css): two or three per row, they
  // would be a third of a list row's rendering as Mantine components.
  return to !== undefined ? (
    <a
      className="lbo-row-button"
      data-color={color}
      href={href(to)}
      data-app-link={to}
      aria-label={name}
      {...tip}
    >
      {icon}
    </a>
  ) : (
    <button
      type="button"
      className="lbo-row-button"
      data-color={color}
      onClick={onClick}
      aria-label={name}
      {...tip}
    >
      {icon}
    </button>
  );
}
