/** The calculators' card (a titled card) and their text field bound to one key of the page's query. */
import { Card, CardContent, TextField, Typography, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';
import type { CalculatorCardProps } from './calculator-props.ts';
import type { QueryKey } from './calculator-state.ts';

export function CalculatorCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The query's `field` as typed, its problem below it, else `hint`; a change goes to the page's query. */
export function QueryField({
  of: { query, result, onChange },
  field,
  hint = ' ',
  ...props
}: {
  of: Omit<CalculatorCardProps, 'unit'>;
  field: QueryKey;
  hint?: string;
} & Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'helperText'>) {
  return (
    <TextField
      {...props}
      value={query[field]}
      onChange={(event) => onChange(field, event.target.value)}
      error={result.errors[field] !== undefined}
      helperText={result.errors[field] ?? hint}
    />
  );
}
