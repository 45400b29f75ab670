import { describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
vi.mock('react-toastify', () => ({
  toast: { error: (m: string) => { shown.push(`error: ${m}`); }, success: (m: string) => { shown.push(`success: ${m}`); } },
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
});
