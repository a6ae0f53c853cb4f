import { styled } from '@mulot/ui/styled-system/jsx';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Skeleton } from '../../components/skeleton/skeleton';

export interface StatCardProps {
  label: ReactNode;
  /** The figure; a number is formatted for the locale ("1 234"). Absent while loading. */
  value?: number | string;
  /** A line under the figure ("Équipe active", "3 publiés"). */
  helpText?: ReactNode;
  /** Decorative icon (lucide). */
  icon?: ReactNode;
  loading?: boolean;
}

const Root = styled('dl');
const Label = styled('dt');
const Value = styled('dd');
const Help = styled('dd');
const Icon = styled('span');

/**
 * One figure with its label, as Chakra's `stat` does it: a description list (label `dt`, value and help `dd`),
 * so assistive tech reads "Membres: 12".
 */
export function StatCard({ label, value, helpText, icon, loading = false }: StatCardProps) {
  const intl = useIntl();
  const shown = typeof value === 'number' ? intl.formatNumber(value) : value;
  return (
    <Root
      data-stat=""
      aria-busy={loading || undefined}
      display="grid"
      gridTemplateColumns="1fr auto"
      alignItems="center"
      columnGap={{ base: '2', sm: '4' }}
      rowGap="1"
      p={{ base: '4', sm: '6' }}
      bg="bg.default"
      borderWidth="1px"
      borderRadius="l3"
      boxShadow="xs"
    >
      <Label textStyle="sm" fontWeight="medium" color="fg.muted">
        {label}
      </Label>
      {icon && (
        <Icon
          aria-hidden="true"
          gridRow="span 2"
          display={{ base: 'none', sm: 'inline-flex' }}
          p="2"
          borderRadius="l2"
          bg="primary.subtle.bg"
          color="primary.subtle.fg"
          css={{ '& svg': { w: '5', h: '5' } }}
        >
          {icon}
        </Icon>
      )}
      <Value
        textStyle={{ base: '2xl', sm: '3xl' }}
        fontWeight="bold"
        lineHeight="tight"
        gridColumn="1"
        fontVariantNumeric="tabular-nums"
      >
        {loading ? <Skeleton h="8" w="16" /> : shown}
      </Value>
      {helpText && (
        <Help textStyle="xs" color="fg.muted" gridColumn="1 / -1">
          {helpText}
        </Help>
      )}
    </Root>
  );
}
