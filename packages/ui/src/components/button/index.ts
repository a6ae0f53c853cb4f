export { Button, type ButtonProps, CancelButton, IconButton, type IconButtonProps } from './button';
