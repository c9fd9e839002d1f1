/** What every calculator card receives from the page. */
import type { CalculatorQuery, CalculatorResult, QueryKey, SplitUnit } from './calculator-state.ts';

export interface CalculatorCardProps {
  query: CalculatorQuery;
  result: CalculatorResult;
  unit: SplitUnit;
  onChange: (key: QueryKey, value: string) => void;
}
