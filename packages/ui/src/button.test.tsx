import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Button, buttonClass } from './button.js';

describe('Button', () => {
  it('is a primary button that does not submit its form unless asked to', async () => {
    const submitted = vi.fn((e: Event) => e.preventDefault());
    render(
      <form onSubmit={(e) => submitted(e.nativeEvent)}>
        <Button>Add</Button>
        <Button type="submit" variant="outline" small block>
          Save
        </Button>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Add' })).toHaveClass('btn', 'btn-primary');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(submitted).not.toHaveBeenCalled();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveClass('btn', 'btn-outline', 'btn-sm', 'btn-block');
    await userEvent.click(save);
    expect(submitted).toHaveBeenCalledOnce();
  });

  it('gives a link the same look', () => {
    expect(buttonClass({ variant: 'gold' }, 'hero__cta')).toBe('btn btn-gold hero__cta');
  });
});
