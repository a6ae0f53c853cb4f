import { Box, Flex, styled } from '@mulot/ui/styled-system/jsx';
import { Eraser, FilePlus, MessageCircleQuestion } from 'lucide-react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '../../components/badge/badge';
import { Button } from '../../components/button/button';
import * as Card from '../../components/card/card';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Skeleton } from '../../components/skeleton/skeleton';
import { formatRelative } from '../team/relative-time';

/** Questions with the same words once folded (`GET /dashboard/unanswered-questions`). */
export interface UnansweredQuestion {
  /** The newest of them, as it was asked. */
  text: string;
  count: number;
  lastAskedAt: string;
  /** The project they were all asked in; null when unknown or several. */
  projectId: string | null;
}

export interface UnansweredQuestionsProps {
  questions: readonly UnansweredQuestion[];
  /** The period counted, in days ending today. */
  days: number;
  loading?: boolean;
  error?: { message?: string } | null;
  /** Opens the new-guide form pre-filled with the question. */
  onCreateGuide: (question: UnansweredQuestion) => void;
  /** Only Admins clear the list: the others do not see the action. */
  canClear: boolean;
  clearOpen: boolean;
  onClearOpenChange: (open: boolean) => void;
  onClear: () => void;
  clearing?: boolean;
  /** A refused clearing: the dialog stays open and says why. */
  clearError?: string | null;
  /** Groups shown before "Voir plus" (the list holds up to 50). */
  shown?: number;
  /** Reference time for "hier", "il y a 3 jours" (stories pin it). */
  now?: Date;
}

const List = styled('ul');
const Text = styled('p');

/**
 * Issue 42: what end users and members asked the assistant and found no guide for, grouped (the same words once
 * folded), the most asked first — the authors' backlog, each with a way to write that guide.
 */
export function UnansweredQuestions({
  questions,
  days,
  loading = false,
  error,
  onCreateGuide,
  canClear,
  clearOpen,
  onClearOpenChange,
  onClear,
  clearing,
  clearError,
  shown = 5,
  now,
}: UnansweredQuestionsProps) {
  const intl = useIntl();
  const titleId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const reference = now ?? new Date();
  const visible = expanded ? questions : questions.slice(0, shown);
  const hidden = questions.length - shown;
  const filled = !loading && !error && questions.length > 0;
  return (
    <Card.Root role="region" aria-labelledby={titleId} aria-busy={loading || undefined}>
      <Card.Header>
        <Flex gap="3" alignItems="flex-start" justifyContent="space-between" flexWrap="wrap">
          <Box flex="1" minW="0" display="flex" flexDirection="column" gap="1">
            <Card.Title asChild>
              <h2 id={titleId}>
                <FormattedMessage id="dashboard.questions.title" defaultMessage="Questions sans guide" />
              </h2>
            </Card.Title>
            <Card.Description>
              <FormattedMessage
                id="dashboard.questions.description"
                defaultMessage="Les questions posées à l'assistant ces {days} derniers jours auxquelles aucun guide n'a répondu, les plus fréquentes d'abord : autant de guides à écrire."
                values={{ days }}
              />
            </Card.Description>
          </Box>
          {canClear && filled && (
            <Button variant="outline" size="sm" onClick={() => onClearOpenChange(true)}>
              <Eraser aria-hidden />
              <FormattedMessage id="dashboard.questions.clear" defaultMessage="Effacer" />
            </Button>
          )}
        </Flex>
      </Card.Header>
      <Card.Body pt="3" display="flex" flexDirection="column" gap="3">
        {loading ? (
          <Flex direction="column" gap="3">
            <Skeleton h="12" />
            <Skeleton h="12" />
            <Skeleton h="12" />
          </Flex>
        ) : error ? (
          <Text role="alert" color="fg.error" textStyle="sm">
            {intl.formatMessage({
              id: 'dashboard.questions.error',
              defaultMessage: 'Impossible de charger les questions sans guide.',
            })}{' '}
            {error.message}
          </Text>
        ) : questions.length === 0 ? (
          <EmptyState
            headingLevel="h3"
            icon={<MessageCircleQuestion />}
            title={intl.formatMessage({
              id: 'dashboard.questions.empty',
              defaultMessage: 'Aucune question sans guide',
            })}
            description={intl.formatMessage(
              {
                id: 'dashboard.questions.emptyDescription',
                defaultMessage:
                  "L'assistant a trouvé un guide à chaque question de ces {days} derniers jours. Celles restées sans réponse apparaîtront ici.",
              },
              { days },
            )}
          />
        ) : (
          <>
            <List id={listId} display="flex" flexDirection="column" gap="2">
              {visible.map((question) => (
                <Question
                  // one group per folded text: two groups never have the same text
                  key={question.text}
                  question={question}
                  now={reference}
                  onCreateGuide={onCreateGuide}
                />
              ))}
            </List>
            {hidden > 0 && (
              <Box>
                <Button
                  variant="plain"
                  size="sm"
                  aria-expanded={expanded}
                  aria-controls={listId}
                  onClick={() => setExpanded(!expanded)}
                >
                  {expanded ? (
                    <FormattedMessage id="dashboard.questions.less" defaultMessage="Voir moins" />
                  ) : (
                    <FormattedMessage
                      id="dashboard.questions.more"
                      defaultMessage="{count, plural, one {Voir # autre question} other {Voir # autres questions}}"
                      values={{ count: hidden }}
                    />
                  )}
                </Button>
              </Box>
            )}
          </>
        )}
        {!loading && !error && (
          <Text textStyle="xs" color="fg.muted">
            <FormattedMessage
              id="dashboard.questions.privacy"
              defaultMessage="Seul le texte des questions est gardé, 90 jours, sans rien qui désigne qui les a posées."
            />
          </Text>
        )}
      </Card.Body>

      <ConfirmDialog
        open={clearOpen}
        onOpenChange={onClearOpenChange}
        title={
          <FormattedMessage
            id="dashboard.questions.clearTitle"
            defaultMessage="Effacer les questions sans guide ?"
          />
        }
        description={
          <FormattedMessage
            id="dashboard.questions.clearWarning"
            defaultMessage="Toutes les questions gardées pour votre organisation sont supprimées, quelle que soit leur date. Cette action est irréversible."
          />
        }
        error={clearError}
        confirmLabel={<FormattedMessage id="dashboard.questions.clearConfirm" defaultMessage="Effacer" />}
        pending={clearing}
        onConfirm={onClear}
      />
    </Card.Root>
  );
}

function Question({
  question,
  now,
  onCreateGuide,
}: {
  question: UnansweredQuestion;
  now: Date;
  onCreateGuide: (question: UnansweredQuestion) => void;
}) {
  const intl = useIntl();
  const textId = useId();
  const when = formatRelative(intl, question.lastAskedAt, now);
  return (
    <li>
      <Flex
        gap="3"
        px="3"
        py="2.5"
        borderWidth="1px"
        borderRadius="l2"
        alignItems="center"
        justifyContent="space-between"
        flexWrap="wrap"
      >
        <Box flex="1" minW="0" flexBasis="48">
          <Text id={textId} fontWeight="medium" overflowWrap="anywhere">
            {question.text}
          </Text>
          <Flex mt="1" gap="2" alignItems="center" flexWrap="wrap" textStyle="xs" color="fg.muted">
            <Badge colorPalette="gray" variant="outline">
              <FormattedMessage
                id="dashboard.questions.count"
                defaultMessage="{count, plural, one {# fois} other {# fois}}"
                values={{ count: question.count }}
              />
            </Badge>
            <span>
              <FormattedMessage
                id="dashboard.questions.lastAsked"
                defaultMessage="{count, plural, one {Posée {when}} other {Dernière fois {when}}}"
                values={{ count: question.count, when }}
              />
            </span>
          </Flex>
        </Box>
        <Button variant="outline" size="sm" aria-describedby={textId} onClick={() => onCreateGuide(question)}>
          <FilePlus aria-hidden />
          <FormattedMessage id="dashboard.questions.createGuide" defaultMessage="Créer un guide" />
        </Button>
      </Flex>
    </li>
  );
}
