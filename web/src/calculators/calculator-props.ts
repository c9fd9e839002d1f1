/** What every calculator card receives from the page. */
import type { UnitSystem } from '../../../core/unit-system.ts';
import type { CalculatorQuery, CalculatorResult, QueryKey } from './calculator-state.ts';

export interface CalculatorCardProps {
  query: CalculatorQuery;
  result: CalculatorResult;
  unit: UnitSystem;
  onChange: (key: QueryKey, value: string) => void;
}
