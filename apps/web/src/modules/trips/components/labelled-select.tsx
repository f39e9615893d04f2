import { type ReactNode, useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

interface LabelledSelectProps {
  label: ReactNode;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  labelClassName: string;
  selectClassName: string;
}

/** A select over `options` and the label naming it, laid out by the caller: a filter of a tab. */
export function LabelledSelect({
  label,
  value,
  options,
  onChange,
  labelClassName,
  selectClassName,
}: LabelledSelectProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={selectClassName}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
