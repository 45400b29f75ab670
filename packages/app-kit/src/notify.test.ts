import { describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
vi.mock('react-toastify', () => ({
  toast: {
    error: (m: string) => { shown.push(`error: ${m}`); },
    success: (m: string) => { shown.push(`success: ${m}`); },
    dismiss: (id: string) => { shown.push(`dismissed: ${id}`); },
  },
}));

describe('toasts', () => {
  it('say when the first one is raised, once, so an app mounts its container (and loads react-toastify) only then', async () => {
    const { firstToast, notifyError, notifySuccess } = await import('./notify.js');
    const heard = vi.fn();
    firstToast.subscribe(heard);
    expect(firstToast.raised()).toBe(false);

    notifyError('Shop is unreachable');
    expect(firstToast.raised()).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(shown).toEqual(['error: Shop is unreachable']));
    notifySuccess('Saved');
    await vi.waitFor(() => expect(shown).toEqual(['error: Shop is unreachable', 'success: Saved']));
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('take the error toasts raised so far away, once', async () => {
    const { dismissErrors, notifyError } = await import('./notify.js');
    shown.length = 0;
    // One at a time: vitest's mocked module does not answer two dynamic imports started together.
    notifyError('Invalid credentials');
    await vi.waitFor(() => expect(shown).toEqual(['error: Invalid credentials']));
    notifyError('Sold out', { toastId: 'clamp:1' });
    await vi.waitFor(() => expect(shown).toEqual(['error: Invalid credentials', 'error: Sold out']));
    dismissErrors();
    await vi.waitFor(() => expect(shown.slice(2)).toEqual(['dismissed: error:Shop is unreachable', 'dismissed: error:Invalid credentials', 'dismissed: clamp:1']));
    dismissErrors();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shown).toHaveLength(5);
  });
});
