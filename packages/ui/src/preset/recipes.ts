import { avatarRecipe } from '../components/avatar/avatar.recipe';
import { badgeRecipe } from '../components/badge/badge.recipe';
import { breadcrumbRecipe } from '../components/breadcrumb/breadcrumb.recipe';
import { buttonRecipe, iconButtonRecipe } from '../components/button/button.recipe';
import { cardRecipe } from '../components/card/card.recipe';
import { checkboxRecipe } from '../components/checkbox/checkbox.recipe';
import { dialogRecipe } from '../components/dialog/dialog.recipe';
import { emptyStateRecipe } from '../components/empty-state/empty-state.recipe';
import { fieldRecipe } from '../components/field/field.recipe';
import { inputRecipe } from '../components/input/input.recipe';
import { menuRecipe } from '../components/menu/menu.recipe';
import { numberInputRecipe } from '../components/number-input/number-input.recipe';
import { passwordInputRecipe } from '../components/password-input/password-input.recipe';
import { progressRecipe } from '../components/progress/progress.recipe';
import { radioGroupRecipe } from '../components/radio-group/radio-group.recipe';
import { searchInputRecipe } from '../components/search-input/search-input.recipe';
import { segmentGroupRecipe } from '../components/segment-group/segment-group.recipe';
import { selectRecipe } from '../components/select/select.recipe';
import { sidebarRecipe } from '../components/sidebar/sidebar.recipe';
import { skeletonRecipe } from '../components/skeleton/skeleton.recipe';
import { spinnerRecipe } from '../components/spinner/spinner.recipe';
import { textareaRecipe } from '../components/textarea/textarea.recipe';
import { toastRecipe } from '../components/toast/toast.recipe';
import { tooltipRecipe } from '../components/tooltip/tooltip.recipe';

// One recipe per component, each beside its component; fragments compose these (or add their own here).
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  iconButton: iconButtonRecipe,
  input: inputRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const slotRecipes = {
  avatar: avatarRecipe,
  breadcrumb: breadcrumbRecipe,
  card: cardRecipe,
  checkbox: checkboxRecipe,
  dialog: dialogRecipe,
  emptyState: emptyStateRecipe,
  field: fieldRecipe,
  menu: menuRecipe,
  numberInput: numberInputRecipe,
  passwordInput: passwordInputRecipe,
  progress: progressRecipe,
  radioGroup: radioGroupRecipe,
  searchInput: searchInputRecipe,
  segmentGroup: segmentGroupRecipe,
  select: selectRecipe,
  sidebar: sidebarRecipe,
  toast: toastRecipe,
  tooltip: tooltipRecipe,
};
