import { Validate, validateSync, ValidationArguments, ValidatorConstraint, ValidatorConstraintInterface } from 'class-validator';
import type { ParamProblem } from '../../domain/errors';
import type { DeclaredParam } from './param.decorator';
import { checkParam } from './param-rules';

/** class-validator's constraint for every request parameter: the contract's rules of the parameter's spec. */
@ValidatorConstraint({ name: 'contractParam' })
class ContractParamConstraint implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    const { param } = args.object as ParamValue;
    // Stryker disable next-line ConditionalExpression: equivalent, a message for an acceptable value is "null", which problemOf reads as no problem
    return checkParam(param.spec, param.name, value) === null;
  }

  /** The problem, as JSON: `problemOf` reads it back. */
  defaultMessage(args: ValidationArguments): string {
    const { param } = args.object as ParamValue;
    return JSON.stringify(checkParam(param.spec, param.name, args.value));
  }
}

/**
 * One sent parameter, validated alone. A request pays for the parameters it sent, not for every parameter its DTO
 * declares: class-validator walks all of a class's constraints on every call, and the list DTO has 30 (issue 18: ~8 µs
 * and a fifth of a list request's allocations). One class, so class-validator's per-call search of its registered
 * classes stays short too.
 */
class ParamValue {
  @Validate(ContractParamConstraint)
  readonly value: unknown;

  constructor(
    readonly param: DeclaredParam,
    value: unknown,
  ) {
    this.value = value;
  }
}

/** The problem with a sent value of `param` (CONTRACT §4.3), or null when it is acceptable. */
export function problemOf(param: DeclaredParam, value: unknown): ParamProblem | null {
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, ParamValue has no other property to report
  const [error] = validateSync(new ParamValue(param, value), { forbidUnknownValues: false });
  const message = error?.constraints?.contractParam;
  return message ? (JSON.parse(message) as ParamProblem) : null;
}
