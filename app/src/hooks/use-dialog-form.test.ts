import { act, renderHook } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { dialogSession, useDialogForm } from './use-dialog-form';

type Props = { open: boolean; record: { id: string; name: string } | null };

function setup(initial: Props) {
  let renders = 0;
  const hook = renderHook(
    ({ open, record }: Props) => {
      renders += 1;
      return useDialogForm(dialogSession(open, record), () => ({ name: record?.name ?? '' }));
    },
    { initialProps: initial },
  );
  return { hook, renders: () => renders };
}

describe('useDialogForm', () => {
  it('starts from the record each time the dialog opens, and keeps edits while it stays open', () => {
    const ana = { id: '1', name: 'Ana' };
    const { hook } = setup({ open: false, record: null });
    hook.rerender({ open: true, record: ana });
    expect(hook.result.current.values).toEqual({ name: 'Ana' });

    act(() => hook.result.current.set('name', 'Ana Maria'));
    act(() => hook.result.current.setProblem('Nome curto'));
    // the same record refetched (a new object) does not wipe what is being typed
    hook.rerender({ open: true, record: { ...ana } });
    expect(hook.result.current.values).toEqual({ name: 'Ana Maria' });
    expect(hook.result.current.problem).toBe('Nome curto');

    hook.rerender({ open: false, record: ana });
    hook.rerender({ open: true, record: ana });
    expect(hook.result.current.values).toEqual({ name: 'Ana' });
    expect(hook.result.current.problem).toBeNull();
  });

  it('restarts when the open dialog switches to another record or to a new one', () => {
    const { hook } = setup({ open: true, record: { id: '1', name: 'Ana' } });
    act(() => hook.result.current.set('name', 'editado'));
    hook.rerender({ open: true, record: { id: '2', name: 'Bruno' } });
    expect(hook.result.current.values).toEqual({ name: 'Bruno' });
    hook.rerender({ open: true, record: null });
    expect(hook.result.current.values).toEqual({ name: '' });
  });

  it('commits the new values with the render that opens the dialog (no effect, so no stale frame painted first)', () => {
    const committed: string[] = [];
    const hook = renderHook(
      ({ open, record }: Props) => {
        const form = useDialogForm(dialogSession(open, record), () => ({ name: record?.name ?? '' }));
        // layout effects run once per commit: what they see is what was painted
        useLayoutEffect(() => {
          if (open) committed.push(form.values.name);
        });
        return form;
      },
      { initialProps: { open: false, record: null } as Props },
    );
    hook.rerender({ open: true, record: { id: '3', name: 'Carla' } });
    expect(committed).toEqual(['Carla']);
  });
});

describe('useDialogForm following a loaded row', () => {
  it('restarts when another load arrives, not when the same row renders again or the data goes away', () => {
    type Row = { rows: string[] } | undefined;
    const hook = renderHook(({ data }: { data: Row }) => useDialogForm(data, () => ({ rows: data?.rows ?? [] })), {
      initialProps: { data: undefined as Row },
    });
    expect(hook.result.current.values).toEqual({ rows: [] });
    const first = { rows: ['a'] };
    hook.rerender({ data: first });
    expect(hook.result.current.values).toEqual({ rows: ['a'] });
    act(() => hook.result.current.set('rows', ['a', 'b']));
    hook.rerender({ data: first });
    expect(hook.result.current.values).toEqual({ rows: ['a', 'b'] });
    hook.rerender({ data: undefined });
    expect(hook.result.current.values).toEqual({ rows: ['a', 'b'] });
    hook.rerender({ data: { rows: ['c'] } });
    expect(hook.result.current.values).toEqual({ rows: ['c'] });
  });
});

describe('dialogSession', () => {
  it('is null while closed, the id while editing and "new" while creating', () => {
    expect(dialogSession(false, { id: 7 })).toBeNull();
    expect(dialogSession(true, { id: 7 })).toBe('7');
    expect(dialogSession(true, null)).toBe('new');
  });
});
