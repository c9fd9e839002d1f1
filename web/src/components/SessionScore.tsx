/**
 * A plan session's run scored against its steps: "Planned: 6 × 800 m at 3:54–4:06/km", the summary
 * sentence, and each rep's line, the ones off target marked. The activity page and the plan's day
 * show it alike.
 */
import { Box, Typography } from '@mui/material';
import type { SessionScoreView } from '../../../core/training/training-api.ts';

export function SessionScore({ score }: { score: SessionScoreView }) {
  return (
    <Box data-testid="session-score">
      <Typography variant="body2" color="text.secondary">
        Planned: {score.planned}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="session-score-summary">
        {score.summary}
      </Typography>
      {score.reps.length > 0 && (
        <Box component="ol" aria-label="Reps" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
          {score.reps.map((rep) => (
            <Typography
              key={rep.rep}
              component="li"
              variant="body2"
              color={rep.offSPerM === 0 ? 'text.primary' : 'warning.main'}
            >
              {rep.text}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
