import { render, screen } from '@testing-library/react';
import { Badge } from './badge.js';

describe('Badge', () => {
  it('shows its text with the tone as a class', () => {
    render(
      <>
        <Badge tone="ok">paid</Badge>
        <Badge className="card__badge">new</Badge>
      </>,
    );
    expect(screen.getByText('paid')).toHaveClass('badge', 'badge--ok');
    expect(screen.getByText('new')).toHaveClass('badge', 'badge--plain', 'card__badge');
  });
});
