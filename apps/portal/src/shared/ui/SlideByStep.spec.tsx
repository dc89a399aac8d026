import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SlideByStep } from '@/shared/ui/SlideByStep';

const at = (step: number, text = `view ${step}`) => (
  <SlideByStep step={step}>
    <p>{text}</p>
  </SlideByStep>
);
const slide = () => screen.getByText(/^view/).parentElement?.getAttribute('data-slide');

describe('wizard slide transitions (verifications 2.2)', () => {
  it('slides forward when the step grows, back when it shrinks, and not at first or on a re-render', () => {
    const { rerender } = render(at(10));
    expect(slide()).toBe('none');
    rerender(at(15));
    expect(slide()).toBe('forward');
    const before = screen.getByText('view 15').parentElement;
    rerender(at(15, 'view 15'));
    expect(slide()).toBe('forward');
    expect(screen.getByText('view 15').parentElement).toBe(before); // the same step is not drawn again
    rerender(at(0));
    expect(slide()).toBe('back');
    rerender(at(40));
    expect(slide()).toBe('forward');
  });
});
