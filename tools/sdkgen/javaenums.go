package main

import (
	"fmt"

	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// javaNumberEnums turns the package's integer enums (Interval, ExpiryAlertDays, CacheBuster)
// into number enums, for the Java SDK only. Pulumi's Java SDK serializes an enum only when its
// value is a Double or a String: the Integer enums its generator writes for integer enums fail
// at run time ("... is not a supported argument type"). A number enum holds the same values as
// Doubles, which reach the provider as the same protobuf numbers. Defaults of properties of
// those enums change along, so that the generator still finds their members.
func javaNumberEnums(pkg *schema.Package) error {
	changed := map[*schema.EnumType]bool{}
	for _, t := range pkg.Types {
		e, ok := t.(*schema.EnumType)
		if !ok || e.ElementType != schema.IntType {
			continue
		}
		e.ElementType = schema.NumberType
		for _, el := range e.Elements {
			v, err := asFloat(el.Value)
			if err != nil {
				return fmt.Errorf("enum %s, member %s: %w", e.Token, el.Name, err)
			}
			el.Value = v
		}
		changed[e] = true
	}
	for _, p := range allProperties(pkg) {
		if e, ok := enumOf(p.Type); ok && changed[e] && p.DefaultValue != nil && p.DefaultValue.Value != nil {
			v, err := asFloat(p.DefaultValue.Value)
			if err != nil {
				return fmt.Errorf("default of %s: %w", p.Name, err)
			}
			p.DefaultValue.Value = v
		}
	}
	return nil
}

func asFloat(value any) (float64, error) {
	switch v := value.(type) {
	case int:
		return float64(v), nil
	case int32:
		return float64(v), nil
	case int64:
		return float64(v), nil
	case float64:
		return v, nil
	}
	return 0, fmt.Errorf("%v is a %T, not a number", value, value)
}

// enumOf is the enum type a property holds, through optional and input wrappers.
func enumOf(t schema.Type) (*schema.EnumType, bool) {
	for {
		switch w := t.(type) {
		case *schema.OptionalType:
			t = w.ElementType
		case *schema.InputType:
			t = w.ElementType
		case *schema.EnumType:
			return w, true
		default:
			return nil, false
		}
	}
}

// allProperties lists every property of the package: config, provider, resources, object
// types and functions' inputs and outputs.
func allProperties(pkg *schema.Package) []*schema.Property {
	props := append([]*schema.Property{}, pkg.Config...)
	resources := append([]*schema.Resource{}, pkg.Resources...)
	if pkg.Provider != nil {
		resources = append(resources, pkg.Provider)
	}
	for _, r := range resources {
		props = append(props, r.InputProperties...)
		props = append(props, r.Properties...)
	}
	for _, t := range pkg.Types {
		if o, ok := t.(*schema.ObjectType); ok {
			props = append(props, o.Properties...)
		}
	}
	for _, f := range pkg.Functions {
		for _, o := range []*schema.ObjectType{f.Inputs, f.Outputs} {
			if o != nil {
				props = append(props, o.Properties...)
			}
		}
	}
	return props
}
