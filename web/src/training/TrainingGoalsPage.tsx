/** /training-goals: goals, training plans and the runner's wellbeing and coaching. */
import { Box } from '@mui/material';
import { pageTitleForPath } from '../../../core/product.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { WellbeingSection } from '../wellbeing/WellbeingSection.tsx';

export default function TrainingGoalsPage() {
  return (
    <Box>
      <PageHeader
        title={pageTitleForPath('/training-goals')}
        subtitle="Check in each day, watch your wellbeing trend and take a few minutes to breathe and stretch."
      />
      <WellbeingSection />
    </Box>
  );
}
