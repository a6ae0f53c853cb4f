import { buttonRecipe, iconButtonRecipe } from '../components/button/button.recipe';
import { spinnerRecipe } from '../components/spinner/spinner.recipe';

export const recipes = {
  button: buttonRecipe,
  iconButton: iconButtonRecipe,
  spinner: spinnerRecipe,
};

export const slotRecipes = {};
