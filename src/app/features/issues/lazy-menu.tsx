/**
 * A filter-bar menu whose contents are a lazy chunk, fetched when the pointer or focus reaches
 * its button and shown once it first opens; the contents learn whether the menu is open, so
 * they fetch their data only then. The Milestones, Author and Assignee menus are made of it.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { Menu, MenuLoading } from './filter-controls';

export function LazyMenu({ label, icon, count, load, children }: {
  label: string;
  icon: ReactNode;
  count: number;
  load: () => Promise<unknown>;
  children: (open: boolean) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <Menu
      label={label}
      icon={icon}
      count={count}
      onPrepare={() => void load()}
      onToggle={(isOpen) => {
        setOpen(isOpen);
        if (isOpen) setOpened(true);
      }}
    >
      {opened ? <Suspense fallback={<MenuLoading />}>{children(open)}</Suspense> : null}
    </Menu>
  );
}
