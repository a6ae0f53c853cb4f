import { Box, Flex, styled } from '@mulot/ui/styled-system/jsx';
import { ChevronRight, FolderOpen } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Badge } from '../../components/badge/badge';
import * as Card from '../../components/card/card';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Skeleton } from '../../components/skeleton/skeleton';
import { FragmentLink } from '../link/link';
import { formatRelative } from '../team/relative-time';

export interface RecentProject {
  id: string;
  name: string;
  description: string;
  scenarioCount: number;
  updatedAt: string;
}

export interface RecentProjectsProps {
  projects: readonly RecentProject[];
  loading?: boolean;
  /** Reference time for "il y a 2 jours" (stories pin it). */
  now?: Date;
}

const List = styled('ul');
const Name = styled('span');
const Meta = styled('span');
const linkClass = 'group';

/** The most recently changed projects (up to 5), each a link to its page. */
export function RecentProjects({ projects, loading = false, now }: RecentProjectsProps) {
  const intl = useIntl();
  const reference = now ?? new Date();
  return (
    <Card.Root aria-busy={loading || undefined}>
      <Card.Header>
        <Card.Title asChild>
          <h2>{intl.formatMessage({ id: 'dashboard.recent.title', defaultMessage: 'Projets récents' })}</h2>
        </Card.Title>
      </Card.Header>
      <Card.Body pt="3">
        {loading ? (
          <Flex direction="column" gap="3">
            <Skeleton h="10" />
            <Skeleton h="10" />
            <Skeleton h="10" />
          </Flex>
        ) : projects.length === 0 ? (
          <EmptyState
            headingLevel="h3"
            icon={<FolderOpen />}
            title={intl.formatMessage({
              id: 'dashboard.recent.empty',
              defaultMessage: 'Aucun projet pour le moment',
            })}
            description={intl.formatMessage({
              id: 'dashboard.recent.emptyDescription',
              defaultMessage: 'Créez votre premier projet pour commencer à écrire des guides.',
            })}
          />
        ) : (
          <List display="flex" flexDirection="column" gap="1">
            {projects.map((project) => (
              <li key={project.id}>
                <FragmentLink
                  href={`/app/projects/${project.id}`}
                  className={linkClass}
                  style={{ display: 'block', borderRadius: 'var(--radii-l2)' }}
                >
                  <Flex
                    alignItems="center"
                    gap="3"
                    px="3"
                    py="2.5"
                    borderRadius="l2"
                    _groupHover={{ bg: 'bg.muted' }}
                  >
                    <Box flex="1" minW="0">
                      <Name display="block" fontWeight="medium" truncate>
                        {project.name}
                      </Name>
                      <Meta display="block" textStyle="xs" color="fg.muted" truncate>
                        {intl.formatMessage(
                          { id: 'dashboard.recent.updated', defaultMessage: 'Modifié {when}' },
                          { when: formatRelative(intl, project.updatedAt, reference) },
                        )}
                      </Meta>
                    </Box>
                    <Badge colorPalette="gray" variant="outline">
                      {intl.formatMessage(
                        {
                          id: 'dashboard.recent.guides',
                          defaultMessage: '{count, plural, =0 {Aucun guide} one {# guide} other {# guides}}',
                        },
                        { count: project.scenarioCount },
                      )}
                    </Badge>
                    <ChevronRight aria-hidden size="1em" />
                  </Flex>
                </FragmentLink>
              </li>
            ))}
          </List>
        )}
      </Card.Body>
    </Card.Root>
  );
}
