/** The keyboard shortcuts dialog's contents: its own chunk, loaded when it first opens (./shortcuts-dialog). */
import { ModalDialog } from './modal-dialog';

/** Where j, k, o and Enter work: a repository's issue list and your issues across repositories (`/issues`). */
const LISTS = 'Issue list, Your issues';

const SHORTCUTS: { keys: string[]; what: string; where: string }[] = [
  { keys: ['j'], what: 'Select the next issue', where: LISTS },
  { keys: ['k'], what: 'Select the previous issue', where: LISTS },
  { keys: ['o'], what: 'Open the selected issue', where: LISTS },
  { keys: ['Enter'], what: 'Open the selected issue', where: LISTS },
  { keys: ['/'], what: 'Focus the text filter', where: 'Issue list' },
  { keys: ['u'], what: 'Back to the issue list', where: 'Issue' },
  { keys: ['g', 'i'], what: 'Go to the issue list', where: 'Anywhere in a repository' },
  { keys: ['g', 'h'], what: 'Go to the start page', where: 'Anywhere' },
  { keys: ['g', 's'], what: 'Go to Settings', where: 'Anywhere' },
  { keys: ['?'], what: 'Show this list', where: 'Anywhere' },
];

function Key({ children }: { children: string }) {
  return <kbd className="inline-block min-w-6 rounded border border-line bg-canvas-subtle px-1.5 py-0.5 text-center font-mono text-xs shadow-[inset_0_-1px_0_var(--color-line)]">{children}</kbd>;
}

function ShortcutsTable() {
  return (
    <>
      <p className="mb-3 text-fg-muted">Shortcuts work when you are not typing in a field.</p>
      <table className="w-full text-left">
        <thead className="sr-only">
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Action</th>
            <th scope="col">Where</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys.join(' ') + s.what} className="border-b border-line-muted last:border-b-0">
              <td className="py-1.5 pr-3 whitespace-nowrap">
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 ? <span className="px-1 text-fg-muted">then</span> : null}
                    <Key>{k}</Key>
                  </span>
                ))}
              </td>
              <td className="py-1.5 pr-3">{s.what}</td>
              <td className="py-1.5 text-xs text-fg-muted">{s.where}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export default function ShortcutsDialogBody({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog open={open} onClose={onClose} title="Keyboard shortcuts">
      <ShortcutsTable />
    </ModalDialog>
  );
}
