/** The plan session this run was done for, scored against its steps; nothing when it was for none. */
import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { DetailSection } from '../../components/DetailSection.tsx';
import { SessionScore } from '../../components/SessionScore.tsx';
import { useActivitySessionScore } from '../../lib/session-score-api.ts';

export function SessionScoreSection({ activityId }: { activityId: string }) {
  const { data: score } = useActivitySessionScore(activityId);
  if (!score) {
    return null;
  }
  return (
    <DetailSection title="Planned session">
      <SessionScore score={score} />
      <Typography variant="body2" sx={{ mt: 1 }}>
        <Link component={RouterLink} to="/training-goals">
          See the plan
        </Link>
      </Typography>
    </DetailSection>
  );
}
