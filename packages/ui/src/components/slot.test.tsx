import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Slot } from './slot.js';

afterEach(cleanup);

describe('Slot (asChild)', () => {
  it("renders the child with the slot's props, the child's own winning", () => {
    render(
      <Slot title="from slot" aria-label="slot label" data-kind="slot">
        <a href="/x" aria-label="child label">
          Link
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'child label' });
    expect(link.getAttribute('title')).toBe('from slot');
    expect(link.getAttribute('data-kind')).toBe('slot');
  });

  it('runs both click handlers, the child’s first', async () => {
    const order: string[] = [];
    render(
      <Slot onClick={() => order.push('slot')}>
        <button type="button" onClick={() => order.push('child')}>
          Go
        </button>
      </Slot>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(order).toEqual(['child', 'slot']);
  });

  it('joins class names, merges styles and composes refs', () => {
    const slotRef = createRef<HTMLAnchorElement>();
    const childRef = vi.fn();
    render(
      <Slot className="bg-primary" style={{ color: 'red', margin: 1 }} ref={slotRef}>
        <a href="/x" className="underline" style={{ color: 'blue' }} ref={childRef}>
          Styled
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Styled' });
    expect(link.className).toBe('bg-primary underline');
    expect(link.style.color).toBe('blue');
    expect(link.style.margin).toBe('1px');
    expect(slotRef.current).toBe(link);
    expect(childRef).toHaveBeenCalledWith(link);
  });

  it('renders nothing without a single element child', () => {
    const { container } = render(<Slot>text only</Slot>);
    expect(container.innerHTML).toBe('');
  });
});
