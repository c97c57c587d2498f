import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { CodeBoxes } from './CodeBoxes';
import { fillDigits } from './code-digits';

afterEach(cleanup);

function setup() {
  const onComplete = vi.fn<(code: string) => void>();
  render(<CodeBoxes label="Code" onComplete={onComplete} />);
  const boxes = Array.from({ length: 6 }, (_, i) => screen.getByTestId<HTMLInputElement>(`code-box-${i}`));
  return { onComplete, boxes };
}

const values = (boxes: HTMLInputElement[]) => boxes.map((box) => box.value).join('');

describe('CodeBoxes', () => {
  it('is one labelled group of six numeric boxes, the first one offered to SMS autofill', () => {
    const { boxes } = setup();
    expect(screen.getByRole('group', { name: 'Code' })).toBeTruthy();
    expect(boxes).toHaveLength(6);
    expect(boxes[0]?.getAttribute('autocomplete')).toBe('one-time-code');
    expect(boxes.every((box) => box.getAttribute('inputmode') === 'numeric')).toBe(true);
    expect(boxes[2]?.getAttribute('aria-label')).toBe('Chiffre 3 sur 6');
    expect(document.activeElement).toBe(boxes[0]);
  });

  it('moves to the next box after each digit and submits once when the sixth is filled', () => {
    const { boxes, onComplete } = setup();
    '48213'.split('').forEach((digit, i) => {
      fireEvent.input(boxes[i]!, { target: { value: digit } });
      expect(document.activeElement).toBe(boxes[i + 1]);
    });
    expect(onComplete).not.toHaveBeenCalled();
    fireEvent.input(boxes[5]!, { target: { value: '7' } });
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('482137');
  });

  it('keeps digits only: a letter leaves the box empty and the focus where it was', () => {
    const { boxes, onComplete } = setup();
    fireEvent.input(boxes[0]!, { target: { value: 'a' } });
    expect(boxes[0]?.value).toBe('');
    expect(document.activeElement).toBe(boxes[0]);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('reads the Arabic-Indic digits an Arabic keyboard types as ASCII digits', () => {
    const { boxes } = setup();
    fireEvent.input(boxes[0]!, { target: { value: '٣' } });
    expect(boxes[0]?.value).toBe('3');
    expect(document.activeElement).toBe(boxes[1]);
  });

  it('fills every box from a pasted code, whatever box had the focus, dropping spaces and dashes, and submits', () => {
    const { boxes, onComplete } = setup();
    fireEvent.paste(boxes[3]!, { clipboardData: { getData: () => ' 123-456 ' } });
    expect(values(boxes)).toBe('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('ignores a paste without digits', () => {
    const { boxes, onComplete } = setup();
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => 'hello' } });
    expect(values(boxes)).toBe('');
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('takes a whole code written into one box by SMS autofill', () => {
    const { boxes, onComplete } = setup();
    fireEvent.input(boxes[0]!, { target: { value: '654321' } });
    expect(values(boxes)).toBe('654321');
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('goes back and clears the previous box on Backspace in an empty box', () => {
    const { boxes } = setup();
    fireEvent.input(boxes[0]!, { target: { value: '1' } });
    fireEvent.input(boxes[1]!, { target: { value: '2' } });
    expect(document.activeElement).toBe(boxes[2]);
    fireEvent.keyDown(boxes[2]!, { key: 'Backspace' });
    expect(document.activeElement).toBe(boxes[1]);
    expect(values(boxes)).toBe('1');
  });

  it('replaces a digit typed over, instead of spilling into the next box', () => {
    const { boxes } = setup();
    fireEvent.input(boxes[0]!, { target: { value: '1' } });
    fireEvent.input(boxes[0]!, { target: { value: '19' } });
    expect(boxes[0]?.value).toBe('9');
    expect(boxes[1]?.value).toBe('');
  });
});

describe('fillDigits', () => {
  it('writes from the given box and never past the sixth', () => {
    expect(fillDigits(['', '', '', '', '', ''], 4, '789')).toEqual(['', '', '', '', '7', '8']);
  });
});
