import { TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

type Props = Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: string;
  /** Called once typing has paused for `delayMs` (spec 9: searches wait 500 ms). */
  onCommit: (value: string) => void;
  delayMs?: number;
};

/**
 * A text field whose value is applied after the user pauses, not on every key; a value set from outside (Clear
 * All, a link) replaces what is typed.
 */
export function DebouncedTextField({ value, onCommit, delayMs = 500, ...props }: Props) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  useEffect(() => {
    clearTimeout(timer.current);
    setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <TextField
      {...props}
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit.current(next), delayMs);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          clearTimeout(timer.current);
          commit.current(text);
        }
      }}
    />
  );
}
