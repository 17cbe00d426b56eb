// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ECDSA} from "solady/utils/ECDSA.sol";
import {ERC4337} from "solady/accounts/ERC4337.sol";

interface IEntryPointDeposits {
    function depositTo(address account) external payable;
    function withdrawTo(address payable withdrawAddress, uint256 withdrawAmount) external;
    function balanceOf(address account) external view returns (uint256);
}

/**
 * A verifying paymaster for ERC-4337 v0.7: it pays for a user operation that one of its signers
 * approved off chain (the Walletgate server, after checking its sponsorship policy and simulating
 * the operation). paymasterAndData is
 *   paymaster (20) | verificationGasLimit (16) | postOpGasLimit (16) | validUntil (6) | validAfter (6) | signature (65)
 * and the signature is an EIP-191 signature of {getHash}: every field of the operation but its own
 * signature and the signature part of paymasterAndData, the chain, this paymaster and the window,
 * so an operation changed after signing (another call, more gas, a higher price) is refused, and
 * the EntryPoint refuses the signature outside [validAfter, validUntil] (AA32).
 *
 * The owner adds and removes signers and moves the deposit; no postOp (no context).
 */
contract DevnetVerifyingPaymaster {
    address public immutable entryPoint;
    address public owner;
    mapping(address => bool) public signers;

    uint256 private constant VALID_TIMESTAMP_OFFSET = 52;
    uint256 private constant SIGNATURE_OFFSET = 64;
    uint256 private constant PAYMASTER_DATA_LENGTH = 64 + 65;

    error NotEntryPoint();
    error NotOwner();
    error BadPaymasterData(uint256 length);
    error PostOpNotUsed();

    event SignerSet(address indexed signer, bool allowed);

    constructor(address entryPoint_, address owner_, address signer) {
        entryPoint = entryPoint_;
        owner = owner_;
        signers[signer] = true;
        emit SignerSet(signer, true);
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    function setSigner(address signer, bool allowed) external onlyOwner {
        signers[signer] = allowed;
        emit SignerSet(signer, allowed);
    }

    function transferOwnership(address newOwner) external onlyOwner {
        owner = newOwner;
    }

    /// Adds to this paymaster's deposit in the EntryPoint (anyone may fund it).
    function deposit() external payable {
        IEntryPointDeposits(entryPoint).depositTo{value: msg.value}(address(this));
    }

    function withdrawTo(address payable to, uint256 amount) external onlyOwner {
        IEntryPointDeposits(entryPoint).withdrawTo(to, amount);
    }

    function getDeposit() external view returns (uint256) {
        return IEntryPointDeposits(entryPoint).balanceOf(address(this));
    }

    /// What a signer signs (EIP-191) for `userOp` within [validAfter, validUntil].
    function getHash(ERC4337.PackedUserOperation calldata userOp, uint48 validUntil, uint48 validAfter) public view returns (bytes32) {
        return keccak256(
            abi.encode(
                userOp.sender,
                userOp.nonce,
                keccak256(userOp.initCode),
                keccak256(userOp.callData),
                userOp.accountGasLimits,
                uint256(bytes32(userOp.paymasterAndData[20:VALID_TIMESTAMP_OFFSET])),
                userOp.preVerificationGas,
                userOp.gasFees,
                block.chainid,
                address(this),
                validUntil,
                validAfter
            )
        );
    }

    function parsePaymasterData(bytes calldata paymasterAndData)
        public
        pure
        returns (uint48 validUntil, uint48 validAfter, bytes calldata signature)
    {
        if (paymasterAndData.length != VALID_TIMESTAMP_OFFSET + PAYMASTER_DATA_LENGTH) {
            revert BadPaymasterData(paymasterAndData.length);
        }
        (validUntil, validAfter) =
            abi.decode(paymasterAndData[VALID_TIMESTAMP_OFFSET:VALID_TIMESTAMP_OFFSET + SIGNATURE_OFFSET], (uint48, uint48));
        signature = paymasterAndData[VALID_TIMESTAMP_OFFSET + SIGNATURE_OFFSET:];
    }

    function validatePaymasterUserOp(ERC4337.PackedUserOperation calldata userOp, bytes32, uint256)
        external
        view
        returns (bytes memory context, uint256 validationData)
    {
        if (msg.sender != entryPoint) revert NotEntryPoint();
        (uint48 validUntil, uint48 validAfter, bytes calldata signature) = parsePaymasterData(userOp.paymasterAndData);
        bytes32 digest = ECDSA.toEthSignedMessageHash(getHash(userOp, validUntil, validAfter));
        address recovered = ECDSA.tryRecoverCalldata(digest, signature);
        // A wrong signature is a failed validation (SIG_VALIDATION_FAILED), not a revert, so a
        // bundler's estimation with a stub signature still runs.
        uint256 failed = recovered == address(0) || !signers[recovered] ? 1 : 0;
        return ("", failed | (uint256(validUntil) << 160) | (uint256(validAfter) << 208));
    }

    function postOp(uint8, bytes calldata, uint256, uint256) external pure {
        revert PostOpNotUsed();
    }
}
